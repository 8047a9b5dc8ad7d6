"""Helpers for content authors: the pack scaffold, the formatter and watch mode."""
