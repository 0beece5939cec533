"""Games on file: records, replays, group-test suites, input limits and
the safe reading and writing of files."""
