"""Bundled fonts (DejaVu Sans; licence in ``LICENSE-DejaVu.txt``).

A package of its own so setuptools ships the ``.ttf`` files as package data.
"""
