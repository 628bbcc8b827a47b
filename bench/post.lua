-- wrk script for bench/run.py: POST the JSON body given in FAIRDICE_BENCH_BODY.
wrk.method = "POST"
wrk.body = os.getenv("FAIRDICE_BENCH_BODY")
wrk.headers["Content-Type"] = "application/json"
