"""The workshop's tests (a package, so that its conftest is not the kit tests' ``conftest``)."""
