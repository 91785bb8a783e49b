"""Writers of results/: each module words what the package module of the same
name computes (tables, study, ref003), or one section of results/README.md
(deep, engines); readme puts the page together.
"""
