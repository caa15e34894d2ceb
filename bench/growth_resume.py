"""Takes up a growth run (bench/growth.py) whose load stopped part-way, on the database it left:

    cd bench && python3 growth_resume.py WORK_DIR FIRST EMPTY_M1 [N]

WORK_DIR is the run's xaalis-growth-* folder (its `apps` file holds the measured applications' keys),
FIRST the first payment not loaded (a batch boundary, 7000001 after seven batches), EMPTY_M1 the
empty database's M1 in initiations/s (the run's log prints it; M7 runs initiations at half of it),
N the payments the run was loading (10 million). Loads the rest, then measures the grown database and
M7 as the run would have, and writes them under bench/results/. The empty side stays in the first
run's log: compare by hand (bench/README.md, "Growth", stop 22 was measured this way).
"""
import os, sys

import growth as g
import harness as h


def main(work, first, empty_m1, n):
    apps_file = os.path.join(work, "apps")
    apps = [(*line.split(), "") for line in open(apps_file) if line.strip()]
    big_app = h.psql(f"SELECT id FROM applications WHERE endpoint_key = '{apps[0][0]}'", h.DB).strip()
    email = h.psql("SELECT email FROM merchants WHERE name = 'Growth'", h.DB).strip()
    merchant = {"email": email, "password": h.PASSWORD, "first_app": big_app}
    sink_process, sink = g.start_sink()
    try:
        results = {"payments": n, "resumed_at": first, "empty_M1_rps": empty_m1,
                   "load": g.load(n, big_app, resume_at=first)}
        results.update(g.measure_grown(merchant, apps, apps_file, work, sink, n, empty_m1, 20, 10))
    finally:
        sink_process.kill()
    h.write_results(results)


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5):
        raise SystemExit(__doc__)
    main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) == 5 else 10_000_000)
