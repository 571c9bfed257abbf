#!/usr/bin/env bash
# Sets everything up on a fresh Debian machine with the Swift toolchain and runs the main job:
# builds teamflow, makes a sample team repository in ./sample-team, logs a week of the team's
# work into it (goals, members, a project and epic, tasks with sub-tasks, a PR review, a retro,
# a journal page), prints the week's board and exports the retrospective wiki to
# ./sample-team-wiki. Safe to run again: the sample is made anew each time.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/bootstrap.sh
swift build --product teamflow
tf="$PWD/.build/debug/teamflow"
root="$PWD"

rm -rf sample-team sample-team-wiki
mkdir sample-team
cd sample-team
git init -q
git config user.name "건우"
git config user.email "geonwoo@example.com"
export TZ="Asia/Seoul" TEAMFLOW_NOW="2024-11-18T09:00:00+09:00"
id() { awk -F'"' '/^  "id"/ { print $4; exit }'; }

"$tf" init --team BeStory
"$tf" member add 건우 --handle geonwoo
"$tf" member add 석영 --handle jungseokyoung-cloud --email seokyoung@example.com
"$tf" project add BeStory --due 2024-12-06 --description "4인 영상 공유 앱"
epic=$("$tf" epic add "에픽 3: 영상 편집" --project BeStory --json | id)
goal=$("$tf" goal add "에픽 1, 2 빠르게 완성 후 에픽 3 Task 분류" --json | id)
"$tf" goal add "배포 꼭 하기 ← 안하면 혼남"
"$tf" task add "DI" --member 건우 --epic "${epic:0:6}"
main=$("$tf" task add "화면간 연결 + MainViewController" --member 건우 --json | id)
sub=$("$tf" task add "MainViewController를 두는 작업 (하단 VC만 갈아끼우기)" --parent "${main:0:6}" --json | id)
"$tf" task add "방 생성/참가 서버 연동 🚀" --member 석영

export TEAMFLOW_NOW="2024-11-20T18:00:00+09:00"
"$tf" task check "${sub:0:6}"
"$tf" --author "석영 <seokyoung@example.com>" goal check "${goal:0:6}"
cat > pr-95.md <<'PR'
[FEAT/#95] 서버 방 생성 작업을 진행합니다.
## 🤔 배경
4인 참가를 위해 방 생성/참가 기능을 구현해야 했습니다.
## 📃 작업 내역
- localVideoView 단일화
- [x] DIContainer 구현
## ✅ 리뷰 노트
### 🚀 localVideoView 단일화
```swift
let container = DIContainer.shared
```
## 🛠️ 테스트 방법
직접 실행하여 테스트 가능합니다.
PR
"$tf" review add --pr 95 --title "서버 방 생성 작업" --from-file pr-95.md --by jungseokyoung-cloud
"$tf" review comment 95 "고생하셨습니다. 코멘트 확인 부탁드려요" --by hsw1920
"$tf" retro add "PR을 300줄 이하로 나누기" --kind try
echo "Step.1 방 생성 API 연결 완료" | "$tf" wiki append "개발 일지"
rm pr-95.md

echo
"$tf" week
echo
echo "Audit trail (git log on the events ref):"
git log -5 --oneline refs/teamflow/events
echo "... ($(git rev-list --count refs/teamflow/events) commits, one per event)"
"$tf" wiki export --out "$root/sample-team-wiki"
"$tf" site --out "$root/sample-team-site" --lang ko
"$tf" doctor
echo "Sample repository: $root/sample-team; wiki pages: $root/sample-team-wiki ($(ls "$root/sample-team-wiki" | wc -l) files)"
echo "Dashboard: open $root/sample-team-site/index.html in a browser"
