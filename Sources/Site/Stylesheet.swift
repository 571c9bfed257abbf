/// `style.css`: one small stylesheet, no web fonts (the reader's own sans-serif, Noto Sans CJK
/// named first for Korean), a single column that fits a phone (a wide Markdown table scrolls
/// inside itself), and the reader's light or dark preference through `prefers-color-scheme`:
/// every colour is a variable set for both.
enum Stylesheet {
    static let css = """
    :root {
      --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --card: #f6f8fa;
      --accent: #0969da; --done: #1a7f37; --late: #cf222e; --target: #fff8c5;
      color-scheme: light dark;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --card: #151b23;
        --accent: #4493f8; --done: #3fb950; --late: #f85149; --target: #3b2e00;
      }
    }
    * { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
    body {
      margin: 0; background: var(--bg); color: var(--fg); line-height: 1.5;
      font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic", sans-serif;
      overflow-wrap: anywhere;
    }
    a { color: var(--accent); }
    .skip { position: absolute; left: -999px; }
    .skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: .25rem .5rem; }
    header.site, main, footer.site { max-width: 60rem; margin: 0 auto; padding: 0 1rem; }
    header.site { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: baseline; border-bottom: 1px solid var(--line); }
    header.site .team { font-weight: 700; margin: .75rem 0; }
    header.site nav { display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
    header.site nav a[aria-current] { font-weight: 700; }
    footer.site { color: var(--muted); border-top: 1px solid var(--line); margin-top: 2rem; font-size: .875rem; }
    h1 { font-size: 1.6rem; margin: 1.25rem 0 .75rem; }
    h2 { font-size: 1.3rem; margin: 1.5rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
    h3 { font-size: 1.1rem; margin: 1rem 0 .25rem; }
    small, .muted { color: var(--muted); font-weight: 400; }
    .count { color: var(--muted); font-weight: 400; font-variant-numeric: tabular-nums; }
    .empty { color: var(--muted); font-style: italic; }
    ul.checklist { list-style: none; padding-left: 0; }
    ul.checklist ul.checklist { padding-left: 1.5rem; }
    ul.checklist li { margin: .15rem 0; }
    ul.checklist li.done { color: var(--muted); }
    ul.checklist input { margin: 0 .35rem 0 0; vertical-align: middle; }
    .members { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 0 1.5rem; }
    .members > h2, .members > h3, .members > .empty { grid-column: 1 / -1; }
    article.member, article.project { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: .25rem .75rem .5rem; margin: .5rem 0; }
    .progress { white-space: nowrap; }
    progress { width: 6rem; height: .7rem; vertical-align: middle; accent-color: var(--done); }
    .due.late, .late { color: var(--late); }
    .mark { font-size: .8rem; color: var(--muted); white-space: nowrap; }
    .mark.doing { color: var(--accent); font-weight: 600; }
    li.carried { color: var(--muted); }
    code.id { color: var(--muted); font-size: .75rem; }
    code.id a { color: inherit; text-decoration: none; }
    code.id a:hover, code.id a:focus { color: var(--accent); text-decoration: underline; }
    ul.checklist li:target { background: var(--target); border-radius: 4px; outline: 2px solid var(--accent); outline-offset: 1px; }
    details.history { margin: 0 0 .2rem 1.75rem; font-size: .8rem; color: var(--muted); }
    details.history summary { cursor: pointer; width: max-content; }
    details.history ol { list-style: none; margin: .15rem 0 .35rem; padding-left: .75rem; border-left: 2px solid var(--line); }
    details.history li { margin: 0; }
    details.history li.hint code { font-size: .75rem; }
    details.history .at { white-space: nowrap; }
    .sr { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
    figure.chart { margin: 1rem 0; }
    figure.chart img { max-width: 100%; height: auto; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); }
    figure.chart figcaption { color: var(--muted); font-size: .875rem; }
    dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
    dl.facts dd { margin: 0; }
    pre { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: .75rem; overflow-x: auto; }
    code { font-family: ui-monospace, "SFMono-Regular", "Noto Sans Mono CJK KR", monospace; font-size: .9em; }
    .md :not(pre) > code { background: var(--card); border-radius: 4px; padding: .1em .3em; }
    .md blockquote { margin: .75rem 0; padding: 0 1rem; color: var(--muted); border-left: .25rem solid var(--line); }
    .md del { color: var(--muted); }
    .md table { display: block; width: max-content; max-width: 100%; overflow-x: auto; border-collapse: collapse; margin: .75rem 0; }
    .md th, .md td { border: 1px solid var(--line); padding: .3rem .75rem; }
    .md th { background: var(--card); font-weight: 600; }
    .md tbody tr:nth-child(2n) { background: var(--card); }
    .md li:has(> input[type="checkbox"]:first-child) { list-style: none; }
    .md li > input[type="checkbox"]:first-child { margin: 0 .35rem .15rem -1.3rem; vertical-align: middle; accent-color: var(--done); }
    pre.plain { white-space: pre-wrap; }
    article.comment, article.entry { border-left: 3px solid var(--line); padding-left: .75rem; margin: 1rem 0; }
    @media (max-width: 30rem) {
      h1 { font-size: 1.35rem; }
      progress { width: 4rem; }
    }

    """
}
