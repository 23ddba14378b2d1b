"""Write docs/passes.md, the pass and option reference, from the declarations.

Run `python scripts/gen_pass_docs.py` after changing a pass or an option;
tests/api/test_pass_reference.py fails while docs/passes.md differs from it.
"""

from pathlib import Path

from xdsl_bufferize.passes import all_pass_docs, format_markdown

TARGET = Path(__file__).resolve().parent.parent / "docs" / "passes.md"

if __name__ == "__main__":
    TARGET.parent.mkdir(exist_ok=True)
    TARGET.write_text(format_markdown(all_pass_docs()))
    print(f"wrote {TARGET}")
