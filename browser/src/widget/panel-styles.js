// The panel's styles, added to the launcher's shadow root: nothing here reaches the page.
export const PANEL_CSS = `
.panel{position:fixed;bottom:88px;z-index:var(--eng-z);display:flex;flex-direction:column;box-sizing:border-box;width:370px;
max-width:calc(100vw - 40px);height:580px;max-height:calc(100vh - 112px);overflow:hidden;background:#fff;border-radius:14px;
box-shadow:0 8px 32px rgba(0,0,0,.25)}
[data-position=right] .panel{right:20px}
[data-position=left] .panel{left:20px}
.panel *{box-sizing:border-box}
.panel :focus-visible{outline:3px solid var(--eng-theme);outline-offset:1px}
.header{display:flex;align-items:center;gap:12px;padding:16px;background:var(--eng-theme);color:var(--eng-on-theme)}
.welcome{flex:none;width:44px;height:44px;border-radius:50%;object-fit:cover;background:rgba(255,255,255,.25)}
.welcome[data-welcome=modern]{background:radial-gradient(circle at 30% 30%,rgba(255,255,255,.9) 0 18%,transparent 19%),linear-gradient(135deg,rgba(255,255,255,.45),rgba(255,255,255,.1))}
.welcome[data-welcome=collage]{background:radial-gradient(circle at 28% 35%,#ffd8a8 0 20%,transparent 21%),radial-gradient(circle at 70% 38%,#b2f2bb 0 20%,transparent 21%),radial-gradient(circle at 50% 72%,#a5d8ff 0 22%,transparent 23%),rgba(255,255,255,.3)}
.welcome[data-welcome=classic]{border:3px solid rgba(255,255,255,.7);background:rgba(255,255,255,.2)}
.titles{flex:1;min-width:0}
.title{margin:0;font-size:17px;font-weight:650}
.status{margin:2px 0 0;font-size:13px;opacity:.9}
.close{flex:none;width:36px;height:36px;border:0;border-radius:50%;background:transparent;color:inherit;font:inherit;font-size:22px;line-height:1;cursor:pointer}
.close:hover{background:rgba(0,0,0,.12)}
.body{flex:1;overflow-y:auto;padding:16px;background:#f6f8fa}
.log{display:flex;flex-direction:column;gap:8px}
.msg{max-width:85%;padding:8px 12px;border-radius:14px;background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.08);align-self:flex-start;overflow-wrap:anywhere}
.msg[data-sender=visitor]{align-self:flex-end;background:var(--eng-theme);color:var(--eng-on-theme)}
.msg[data-sender=system]{align-self:center;max-width:95%;background:none;box-shadow:none;color:#57606a;font-size:13px;text-align:center}
.msg.pending{opacity:.65}
.msg.failed{outline:2px solid #d1242f}
.who{margin:0 0 2px;font-size:12px;font-weight:600;color:#57606a}
.text{margin:0;white-space:pre-wrap}
.meta{margin:4px 0 0;font-size:11px;opacity:.8}
.sources{margin:6px 0 0;padding:6px 0 0;border-top:1px solid #d0d7de;font-size:12px;list-style:none}
.sources li{margin:2px 0;color:#57606a}
.sources a{color:inherit}
.prompt-quote{margin-top:8px;white-space:pre-wrap}
.typing,.notice{margin:8px 0 0;font-size:12px;color:#57606a}
.notice{color:#9a6700}
.handoff,.card button{margin-top:10px;padding:8px 14px;border:1px solid var(--eng-theme);border-radius:18px;background:#fff;color:#1f2328;font:inherit;font-weight:600;cursor:pointer}
.card{margin-top:12px;padding:12px;border-radius:10px;background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.08)}
.card p{margin:0 0 8px}
.card label{display:block;margin-top:8px;font-size:13px;font-weight:600}
.card input,.card textarea{display:block;width:100%;margin-top:4px;padding:6px 8px;border:1px solid #d0d7de;border-radius:6px;font:inherit;font-weight:400}
.error{color:#d1242f}
.fold{padding:0}
.fold summary{padding:12px;cursor:pointer;font-weight:600}
.fold .card{margin:0;box-shadow:none}
.stars{display:flex;gap:4px}
.card .star{margin:0;padding:2px 6px;border:0;background:none;color:#d0d7de;font-size:24px;line-height:1}
.card .star.on{color:#bf8700}
.composer{display:flex;align-items:flex-end;gap:8px;padding:10px;border-top:1px solid #d0d7de;background:#fff}
.composer textarea{flex:1;min-height:40px;max-height:120px;padding:9px 10px;border:1px solid #d0d7de;border-radius:10px;resize:none;font:inherit}
.composer button{height:40px;padding:0 16px;border:0;border-radius:10px;background:var(--eng-theme);color:var(--eng-on-theme);font:inherit;font-weight:600;cursor:pointer}
.brand{margin:0;padding:6px;background:#fff;color:#57606a;font-size:11px;text-align:center}
@media (max-width:480px){.panel,[data-position] .panel{inset:0;width:100%;max-width:none;height:100%;max-height:none;border-radius:0}}
@media (prefers-reduced-motion:no-preference){.panel{animation:eng-in .16s ease-out}@keyframes eng-in{from{opacity:0;transform:translateY(8px)}}}`;
