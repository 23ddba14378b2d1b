"""The testing tools: they make programs, run them through the reference executor
(`xdsl_bufferize.execution`) before and after a pipeline, and reduce what fails.

* `generate`: a seeded generator of random, valid programs (one module per feature
  family);
* `fuzz`: differential fuzzing of pipelines (`xdsl-bufferize-fuzz`), replay of
  reproducers;
* `mutate`: mutation fuzzing of the test inputs (`xdsl-bufferize-fuzz mutate`);
* `shrink`: delta debugging of a failing program to a small reproducer;
* `mlir_compare`: comparison of our passes' decisions and results with upstream MLIR's
  (`xdsl-bufferize-fuzz mlir-compare`).

This package imports the executor; the executor never imports it.
"""
