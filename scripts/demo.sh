#!/usr/bin/env bash
# Sets everything up on a fresh Debian machine with the Swift toolchain and runs the main job:
# builds teamflow, makes a sample team repository in ./sample-team, logs a week of work into it
# and prints the board. Safe to run again (the sample repository is made anew).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/bootstrap.sh
swift build --product teamflow
tf="$PWD/.build/debug/teamflow"

rm -rf sample-team
mkdir sample-team
cd sample-team
git init -q
git config user.name "건우"
git config user.email "geonwoo@example.com"
export TEAMFLOW_NOW="2024-11-18T09:00:00+09:00" TZ="Asia/Seoul"

"$tf" init --team BeStory
goal=$("$tf" goal add "에픽 1, 2 빠르게 완성 후 에픽 3 Task 분류" --json | sed -n 's/.*"id": "\([0-9a-f]*\)".*/\1/p' | head -1)
"$tf" goal add "배포 꼭 하기 ← 안하면 혼남"
"$tf" goal add "회고 위키 업데이트 및 발표 준비 📝"
TEAMFLOW_NOW="2024-11-20T18:00:00+09:00" "$tf" --author "석영 <seokyoung@example.com>" goal check "${goal:0:4}"

echo
"$tf" week
echo
echo "Audit trail (git log on the events ref):"
git log --oneline refs/teamflow/events
echo
"$tf" export --out ../sample-team-backup.yaml
"$tf" doctor
echo "Sample repository: $PWD (backup: ../sample-team-backup.yaml)"
