#!/bin/sh
# An MCP server that takes SECONDS to start, as the first `npx -y some-server` (which downloads
# it) does: sleeps, then runs the server in its place. slow-start.sh SECONDS COMMAND [ARGS...]
sleep "$1"
shift
exec "$@"
