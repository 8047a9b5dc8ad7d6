"""`huntkit print`: print-and-play sheets of a pack's card faces, as one PDF.

``sizes`` names the papers and card sizes, ``imposition`` works out where each card goes on a sheet
(and behind it on the back page), ``sheets`` and ``contents`` draw the pages as SVG, ``pdf`` turns
them into one PDF, and ``runner`` checks a request and puts those steps together.
"""
