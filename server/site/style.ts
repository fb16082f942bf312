/**
 * The public site's whole style sheet, written inline in every page (a few kilobytes: no request
 * blocks the first paint). System fonts, one column on phones, colours with at least 4.5:1 contrast.
 */
export const SITE_STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1c2530;background:#f6f7f9}
a{color:#0b5d56}
a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
img{max-width:100%;height:auto;display:block}
h1,h2,h3{line-height:1.25;margin:0 0 .5em}
h1{font-size:1.9rem}
h2{font-size:1.4rem}
h3{font-size:1.1rem}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5em 1em;z-index:2}
.skip:focus{left:.5em}
.top{background:#0f5f58;color:#fff}
.top a{color:#fff}
.bar{max-width:72rem;margin:0 auto;padding:.5rem 1rem;display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1rem}
.brand{font-weight:700;font-size:1.2rem;text-decoration:none;padding:.5rem 0;margin-right:auto}
.top ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem}
.top nav a{display:inline-block;padding:.6rem .6rem;min-height:44px;text-decoration:none}
.top nav a[aria-current="page"],.top nav a[aria-current="true"]{text-decoration:underline;text-underline-offset:4px}
.signin{display:inline-block;padding:.5rem 1rem;min-height:44px;border:2px solid #fff;border-radius:6px;text-decoration:none;font-weight:600}
.languages{background:#0b4a45}
.languages details{max-width:72rem;margin:0 auto;padding:0 1rem;font-size:.9rem}
.languages summary{cursor:pointer;padding:.7rem 0;width:max-content}
.languages summary:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.languages ul{padding:0 0 .5rem}
.languages a{padding:.6rem .5rem}
main{max-width:72rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.bottom{border-top:1px solid #d7dce2;background:#fff;color:#45505c;font-size:.9rem}
.bottom p{max-width:72rem;margin:0 auto;padding:1rem}
.cards{list-style:none;margin:0;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr))}
.card{background:#fff;border:1px solid #d7dce2;border-radius:8px;overflow:hidden;display:flex;flex-direction:column;height:100%}
.card img{aspect-ratio:16/9;object-fit:cover;width:100%}
.card .body{padding:1rem;display:flex;flex-direction:column;gap:.4rem;flex:1}
.card h3{margin:0}
.meta{color:#45505c;font-size:.9rem;margin:0}
.slides{list-style:none;margin:0 0 2rem;padding:0;display:grid;gap:1rem;grid-auto-flow:column;grid-auto-columns:100%;overflow-x:auto;scroll-snap-type:x mandatory}
.slide{scroll-snap-align:start;position:relative;background:#0f5f58;color:#fff;border-radius:10px;overflow:hidden;min-height:12rem}
.slide img{width:100%;aspect-ratio:21/9;object-fit:cover;opacity:.35;position:absolute;inset:0;height:100%}
.slide .text{position:relative;padding:2rem 1.5rem}
.slide a{color:#fff}
.button{display:inline-block;background:#0b5d56;color:#fff;padding:.7rem 1.2rem;border-radius:6px;text-decoration:none;font-weight:600;min-height:44px}
.button:hover{background:#084a44}
article.post{background:#fff;border:1px solid #d7dce2;border-radius:8px;padding:1.5rem;max-width:48rem}
article.post .cover{border-radius:6px;margin:1rem 0}
.prose{overflow-wrap:break-word}
.prose img{border-radius:6px}
.tags{list-style:none;display:flex;flex-wrap:wrap;gap:.5rem;padding:0}
.tags li{background:#e6f0ef;color:#0b4a45;border-radius:999px;padding:.1rem .7rem;font-size:.85rem}
section{margin-bottom:2.5rem}
.categories ul{list-style:none;margin:0 0 1.5rem;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}
.categories a{display:inline-block;min-height:44px;padding:.6rem .9rem;border:1px solid #b9c3cc;border-radius:999px;background:#fff;text-decoration:none}
.categories a[aria-current="page"]{background:#0b5d56;border-color:#0b5d56;color:#fff}
.pager{display:flex;flex-wrap:wrap;gap:1rem;margin:2rem 0 1rem}
.pager a[rel="next"]{margin-left:auto}
.feed,.more a{display:inline-block;min-height:44px;padding:.6rem 0}
.more{margin:1rem 0 0}
article.post .lead{font-size:1.1rem;color:#2d3a46}
article.post .meta a{display:inline-block;padding:.6rem 0;min-height:44px}
.tags-title{font-size:1rem;margin-top:2rem}
article.post img.cover{width:100%;aspect-ratio:16/9;object-fit:cover}
/* Public course and career pages */
.card .card-title{font-size:1.1rem;margin:0}
.card-title a{display:block;min-height:44px;padding:.4rem 0}
.card-title+p{margin-top:0}
.filters ul,.pager{list-style:none;margin:0 0 1.5rem;padding:0;display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.filters a{display:inline-block;min-height:44px;padding:.6rem .9rem;border:1px solid #b8c2cc;border-radius:999px;background:#fff;text-decoration:none}
.filters a[aria-current="page"]{background:#0b5d56;border-color:#0b5d56;color:#fff}
.pager{justify-content:space-between;margin-top:2rem}
.course{display:grid;gap:2rem;grid-template-columns:minmax(0,1fr)}
.course .cover{border-radius:8px;margin-bottom:1rem;aspect-ratio:16/9;object-fit:cover;width:100%}
.lead{font-size:1.15rem;color:#2d3843}
.facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr));gap:.75rem;margin:1rem 0 2rem}
.facts div{background:#fff;border:1px solid #d7dce2;border-radius:8px;padding:.6rem .8rem}
.facts dt{font-size:.85rem;color:#45505c}
.facts dd{margin:0;font-weight:600}
.outline{padding-left:1.5rem}
.outline h3{margin:.75rem 0 .25rem}
.outline ul{color:#45505c;margin:0}
.plans ul,.cycles,.subjects{list-style:none;margin:0;padding:0;display:grid;gap:1rem}
.plan,.cycles li,.subjects>li{background:#fff;border:1px solid #d7dce2;border-radius:8px;padding:1rem}
.plan h3{margin:0}
.price{font-size:1.3rem;font-weight:700;margin:.25rem 0}
.cycles li{display:flex;flex-wrap:wrap;gap:.25rem 1rem;justify-content:space-between}
.subjects ul{padding-left:1.25rem;margin:.5rem 0 0}
.subjects li a{display:inline-block;min-height:44px;padding:.55rem 0}
@media (min-width:60rem){.course{grid-template-columns:minmax(0,2fr) minmax(0,1fr);align-items:start}.plans{position:sticky;top:1rem}}
`
