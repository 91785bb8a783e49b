"""The library behind the commands in scripts/: read prunebench's JSON files,
compute tables and the ordering study from them, draw them, and word them.

scripts/*.py are the entry points (argparse and main, nothing else); they and
the notebook import from here. A module here computes and returns data
(DataFrames, numbers), never formats them; the module of the same name under
pages/ words it (Markdown, CSV, figures on disk):

  load      read and check a file (schema_version, kind, JSON Schema): DataError
  frames    runs as DataFrames (records, positions, position x depth)
  theory    the Knuth-Moore minimal tree and the effective branching factor
  tables    reductions, ordering gains, cut-off rates, tree-lab tables
  minimal   searches against the exact minimal tree; the PV/CUT/ALL census
  ref003    reference 003's claims (iterative deepening, the table's draft rule)
  study     the ordering study: paired ratios, bootstrap intervals, Wilcoxon
  pruning   the price of pruning: selective modes against their exact reference
  render    any table as Markdown or CSV text
  style     each mode's colour and marker, the same in every figure
  plots     figures of those tables, written as PNG and SVG
  output    writes every file: a new file renamed into place, never over an input
  cli       what every results command does around its one function
  architecture  the C++ folders and their includes, as docs/ARCHITECTURE.md draws them
  pages/    the results directory's pages, tables and figures, in words
"""
