"""The benchmark suite behind ``bench/run`` (see docs/performance.md)."""
