"""What the tests share: helpers, strategies and fixtures' makings, imported by test modules
as ``support.NAME`` (tests/ is on sys.path). A test module never imports another test
module (tests/test_suite_layout.py holds that): what two modules need lives here."""
