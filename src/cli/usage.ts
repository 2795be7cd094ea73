/** The help texts of the command line (`dataseries --help`, `dataseries COMMAND --help`). */

export const MAIN_HELP = `dataseries: validate, publish and serve statistical datasets

Usage:
  dataseries validate DIR [--strict] [--json]
  dataseries publish SRC OUT [--keep N] [--allow-removals] [--progress] [--json]
  dataseries serve [--data DIR] [--port N] [--host ADDR] [--base-url URL] [--workers N]
  dataseries COMMAND --help
  dataseries --version

Commands:
  validate  check a data directory against the published-files format
  publish   validate SRC and publish it into OUT atomically (CSV, JSON, Parquet)
  serve     run the HTTP service on a data directory

Exit codes: 0 success, 1 validation errors or a failed publish, 2 usage errors.
`;

export const VALIDATE_HELP = `Usage: dataseries validate DIR [--strict] [--json]

Loads DIR exactly as the server does and lists every problem, one per line:
  DIR/FILE[:LINE]: error|warning: [DATASET] MESSAGE
An error skips a dataset (the server would not serve it); a warning is
served anyway (e.g. the catalog's n_series disagrees with the data). A
directory with no dataset at all is an error.

Options:
  --strict   warnings fail too (exit 1)
  --json     print {ok, datasets, errors, warnings, issues[]} as JSON instead

Exit codes: 0 no errors, 1 errors (or warnings with --strict), 2 usage errors.
`;

export const PUBLISH_HELP = `Usage: dataseries publish SRC OUT [--keep N] [--allow-removals] [--progress] [--json]

Validates SRC, then writes the public data directory to OUT: per dataset the
canonical CSV ({id}.csv, byte for byte what /series.csv serves), the
normalised metadata ({id}.json) and a Parquet copy ({id}.parquet: codes as
VARCHAR, date as DATE, value as DOUBLE), plus catalog.json, the vocabularies
and a README listing the datasets with their licenses.

OUT becomes a symbolic link to a complete version under OUT.versions/; a
publish writes a new version beside it and swaps the link with one rename,
so a reader (or a server with DS_DATA_DIR=OUT) never sees half a publish.
A dataset that fails validation keeps its previously published files; the
run reports it and exits 1. When nothing changed, no version is made.
A publish never removes data by accident: when SRC holds no dataset, or
lacks datasets OUT publishes now, nothing is published and the run exits 1,
unless --allow-removals says the removal is meant.

Options:
  --keep N          versions to keep under OUT.versions (default 10, at least 2)
  --allow-removals  publish even if datasets of OUT are missing from SRC (or SRC is empty)
  --progress        show progress on standard error even when it is not a terminal
  --json            print the report as JSON on standard output

Exit codes: 0 published, 1 a dataset failed validation, a removal was
refused or nothing could be published, 2 usage errors (e.g. OUT is a
directory with files in it).
`;

export const SERVE_HELP = `Usage: dataseries serve [--data DIR] [--port N] [--host ADDR] [--base-url URL] [--workers N]

Runs the HTTP service (the same server as \`node dist/src/server.js\`). The
options override the environment variables of the same meaning:
  --data DIR       DS_DATA_DIR (e.g. the OUT of a publish: the server
                   reloads when a publish swaps it)
  --port N         PORT (0 = any free port)
  --host ADDR      HOST
  --base-url URL   BASE_URL
  --workers N      DS_WORKERS

Exit codes: 0 stopped by SIGTERM/SIGINT, 2 invalid configuration.
`;
