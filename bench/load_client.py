"""The bench's load client where wrk is not installed: threads POSTing one JSON body for a fixed time.

Run in a process of its own (bench/run.py starts it), standard library only, so that it needs
nothing a fresh machine lacks. It prints one JSON line: how many requests succeeded, how many did
not and why (the first failure in words), the rate, and latency percentiles of the successes.
"""

import argparse
import json
import sys
import threading
import time
import urllib.error
import urllib.request
from typing import Any


def load(url: str, body: bytes, seconds: float, connections: int) -> dict[str, Any]:
    """`connections` threads, each POSTing `body` as JSON to `url` again and again for `seconds`."""
    latencies: list[float] = []
    failures: list[str] = []
    lock = threading.Lock()
    # Without its own Content-Type, urllib sends a body as a form (x-www-form-urlencoded): the API
    # answers that with 415, as it should, and not one request would have been a verification.
    headers = {"Content-Type": "application/json"}

    def worker() -> None:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            start = time.perf_counter()
            request = urllib.request.Request(url, data=body, method="POST", headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    answer.read()
            except urllib.error.HTTPError as refused:
                refused.read()
                failure = f"HTTP {refused.code}"
            except OSError as exc:
                failure = f"{type(exc).__name__}: {exc}"
            else:
                with lock:
                    latencies.append(time.perf_counter() - start)
                continue
            with lock:
                failures.append(failure)

    threads = [threading.Thread(target=worker) for _ in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    result: dict[str, Any] = {
        "requests": len(latencies),
        "errors": len(failures),
        "rps": len(latencies) / seconds,
    }
    if failures:
        result["first_error"] = failures[0]
    if latencies:  # percentiles of nothing are not zero: they are left out
        latencies.sort()
        for name, share in (("p50_ms", 0.5), ("p90_ms", 0.9), ("p99_ms", 0.99)):
            result[name] = 1e3 * latencies[min(len(latencies) - 1, int(share * len(latencies)))]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--connections", type=int, default=8)
    args = parser.parse_args()
    if not args.url.startswith(("http://", "https://")):
        parser.error(f"an http:// or https:// URL, not {args.url!r}")
    body = sys.stdin.buffer.read()
    print(json.dumps(load(args.url, body, args.seconds, args.connections)))


if __name__ == "__main__":
    main()
