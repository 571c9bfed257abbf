/// The English export of `WikiScenario`, page by page (regenerate with WIKI_RECORD=1 and review).
enum ExpectedPages {
    static let english: [(String, String)] = [
    ("Home.md", #"""
# Team

Current week: [2024-W47](Week-2024-W47)

## Projects

- [BeStory 앱](Project-BeStory-앱) — To do, Due 2024-12-06, Progress 1/3 (33%)

## Weeks

- [2024-W47](Week-2024-W47)
- [2024-W46](Week-2024-W46)

## Review notes

- [PR #95 \[FEAT/#95\] 서버 방 생성](Review-PR-95)
- [PR #101 Fix cache](Review-PR-101)

## Wiki pages

- [팀 규칙 / Rules](팀-규칙-Rules)
- [개발 일지](개발-일지)
"""#),
    ("Project-BeStory-앱.md", #"""
# BeStory 앱

[Home](Home)

- Status: To do
- Due: 2024-12-06
- Progress: 1/3 (33%)

영상 공유 앱 ✨

## Epics

### 에픽 1: 방 생성 — Doing, 1/3 (33%)

- [x] DIContainer 구현 (2024-W46, 건우)
- [ ] MainViewController \[WIP\] (2024-W46, 건우)
- [ ] 서버 방 생성 (2024-W46, 석영)

### 에픽 2: 편집 — To do, 0/0 (0%)
"""#),
    ("Review-PR-101.md", #"""
# PR #101 Fix cache

[Home](Home)

- Author: 건우
- Week: [2024-W47](Week-2024-W47)

## Review notes

Quick fix, no template.

## Comments (0)

Nothing recorded.
"""#),
    ("Review-PR-95.md", #"""
# PR #95 \[FEAT/#95\] 서버 방 생성

[Home](Home)

- Author: jinwoo
- Week: [2024-W46](Week-2024-W46)
- Branch: feat/room
- Link: https://github.com/team/app/pull/95

## 🤔 배경

4인 참가를 위해 방 생성/참가 기능을 구현해야 했습니다.

## 📃 작업 내역

- localVideoView 단일화
- [x] DIContainer 구현

## ✅ 리뷰 노트

### 🚀 localVideoView 단일화
```swift
let view = LocalVideoView()
```

## 🛠️ 테스트 방법

직접 실행하여 테스트 가능합니다.

## Comments (1)

**hsw1920** · 2024-11-12 11:00 +09:00

고생하셨습니다. 코멘트 확인 부탁드려요
"""#),
    ("Week-2024-W46.md", #"""
# Week 2024-W46 (2024-11-11 – 2024-11-17)

[Home](Home)

## Goals (1/2)

- [x] 에픽 1, 2 빠르게 완성 🚀
- [ ] 배포 꼭 하기

## Tasks by member

### 건우 (1/2)

- [x] DIContainer 구현
  - [ ] MainViewController \[WIP\]

### 석영 (0/1)

- [ ] 서버 방 생성

## Retrospective

### Keep

- 매일 스크럼 유지 (건우)

### Problem

- PR이 너무 큼 (건우)

### Try

- PR을 300줄 이하로 (건우)

## Review notes

- [PR #95 \[FEAT/#95\] 서버 방 생성](Review-PR-95) — jinwoo
"""#),
    ("Week-2024-W47.md", #"""
# Week 2024-W47 (2024-11-18 – 2024-11-24)

[Home](Home)

## Goals (0/1)

- [ ] 회고 위키 정리하고 발표 준비

## Tasks by member

### 석영 (0/1)

- [ ] 화면 전환 애니메이션

### Unassigned (0/1)

- [ ] 담당자 없는 일

## Review notes

- [PR #101 Fix cache](Review-PR-101) — 건우
"""#),
    ("_Sidebar.md", #"""
**[Home](Home)**

**Weeks**

- [2024-W47](Week-2024-W47)
- [2024-W46](Week-2024-W46)

**Review notes**

- [PR #95 \[FEAT/#95\] 서버 방 생성](Review-PR-95)
- [PR #101 Fix cache](Review-PR-101)

**Projects**

- [BeStory 앱](Project-BeStory-앱)

**Wiki pages**

- [팀 규칙 / Rules](팀-규칙-Rules)
- [개발 일지](개발-일지)
"""#),
    ("개발-일지.md", #"""
# 개발 일지

[Home](Home)

## Journal

### 2021-07-05 by Seok

Step.1 방 생성

### 2021-07-06 by Seok

Step.2 방 참가

```swift
let room = Room()
```
"""#),
    ("팀-규칙-Rules.md", #"""
# 팀 규칙 / Rules

[Home](Home)

# 규칙

- 코드 리뷰는 필수
"""#),
    ]
}
