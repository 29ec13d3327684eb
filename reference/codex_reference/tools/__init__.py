"""Built-in tools (area ``tools``): the tool objects a release sends itself."""
