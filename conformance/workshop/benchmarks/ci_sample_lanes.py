"""CI's sample lanes, timed: each older edition's fixed sample certified against its release and recaptured.

    python conformance/workshop/benchmarks/ci_sample_lanes.py [--edition V ...] [--jobs 2] [--save]

For each edition CI samples (``lanes.ci_editions``: every edition but the
newest, unless ``--edition`` names some), the lane ``tox -e sample -- V``
runs (``codex_workshop.edition.sample``): the sample certified with
``pytest --impl=release:V -n 2`` from an empty directory, then recaptured and
diffed against the goldens.  Printed per edition: the sample's cases and
areas against the edition's captured cases, each step's wall time and exit
status, and the lane's.  Lanes run one after another here; CI runs them side
by side with the newest edition's full lanes.  ``--save`` keeps the printout
in ``output/ci_sample_lanes.txt`` (docs/ci.md quotes it).  No assertion:
figures only.
"""

from __future__ import annotations

import argparse
import sys

from bench_output import add_save_option, saved

from codex_conformance.cases import load_fixture_file
from codex_conformance.editions import EDITIONS
from codex_workshop.checkout import fixtures_dir
from codex_workshop.edition.lanes import ci_editions
from codex_workshop.edition.sample import captured_file, edition_sample, run_lane


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--edition", action="append", choices=list(EDITIONS), help="default: every sampled one"
    )
    parser.add_argument("--jobs", type=int, default=2, help="pytest workers and areas recaptured at once")
    add_save_option(parser)
    args = parser.parse_args()
    fixtures = fixtures_dir()
    editions = args.edition or ci_editions(list(EDITIONS))[1]
    worst = 0
    with saved(__file__, args.save):
        print(f"sample lanes of {', '.join(editions)}; --jobs {args.jobs}; one lane at a time")
        columns = f"{'sample':>8}{'of':>7}{'areas':>7}{'certify':>10}{'recapture':>11}{'lane':>9}"
        print(f"{'edition':<10}{columns}  exit")
        for version in editions:
            sample = edition_sample(fixtures, version)
            whole = sum(len(load_fixture_file(captured_file(fixtures, a, version)).cases) for a in sample)
            steps = run_lane(sample, version, fixtures, args.jobs)
            certify, recapture = steps
            statuses = "/".join(str(step.status) for step in steps)
            print(
                f"{version:<10}{sum(len(f.cases) for f in sample.values()):>8}{whole:>7}{len(sample):>7}"
                f"{certify.seconds:>9.0f}s{recapture.seconds:>10.0f}s"
                f"{certify.seconds + recapture.seconds:>8.0f}s  {statuses}",
                flush=True,
            )
            worst = max(worst, *(step.status for step in steps))
    return worst


if __name__ == "__main__":
    sys.exit(main())
