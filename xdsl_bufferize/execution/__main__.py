"""`python -m xdsl_bufferize.execution`: the `xdsl-bufferize-check` command line."""

from xdsl_bufferize.execution.cli import main

if __name__ == "__main__":
    main()
