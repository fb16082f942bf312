/**
 * The demo simulations: one self-contained HTML file each (inline style and script, nothing fetched),
 * as the player shows them in a sandboxed frame that only allows scripts.
 */

const page = (title: string, body: string, script: string) => `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; padding: 1rem; color: #1d3557; background: #f8f9fb; line-height: 1.45; }
  h1 { font-size: 1.3rem; margin: 0 0 .5rem; }
  p { margin: .4rem 0 .8rem; }
  label { display: block; font-weight: 600; margin: .6rem 0 .2rem; }
  input[type=number], input[type=range] { width: 100%; max-width: 22rem; font: inherit; }
  input[type=number] { padding: .35rem .5rem; border: 1px solid #8d99ae; border-radius: 6px; }
  input:focus-visible, button:focus-visible { outline: 3px solid #e76f51; outline-offset: 2px; }
  output, .result { font-weight: 700; }
  table { border-collapse: collapse; margin-top: .8rem; width: 100%; max-width: 40rem; background: #fff; }
  th, td { border: 1px solid #d0d7e1; padding: .35rem .5rem; text-align: left; }
  th { background: #e9eef4; }
  .note { color: #4a5568; font-size: .9rem; }
  svg { background: #fff; border: 1px solid #d0d7e1; border-radius: 8px; max-width: 100%; height: auto; }
</style>
</head>
<body>
${body}
<script>
${script}
</script>
</body>
</html>
`

/** Spreads the hours a learner has in a week over study sessions with breaks, day by day. */
export function weeklyPlannerHtml(): Buffer {
  return Buffer.from(
    page(
      'Planificador de la semana',
      `<h1>Planificador de la semana</h1>
<p>Indica cuánto tiempo puedes dedicar y en cuántos días; el planificador reparte el tiempo en sesiones de 50 minutos con descansos de 10.</p>
<label for="hours">Horas disponibles a la semana</label>
<input id="hours" type="number" min="1" max="40" step="0.5" value="5">
<label for="days">Días de estudio a la semana</label>
<input id="days" type="number" min="1" max="7" value="3">
<p class="result" id="summary" role="status" aria-live="polite"></p>
<table><caption class="note">Tu plan de la semana</caption><thead><tr><th scope="col">Día</th><th scope="col">Sesiones</th><th scope="col">Tiempo de estudio</th></tr></thead><tbody id="plan"></tbody></table>
<p class="note">Consejo: deja al menos un día libre entre dos días de estudio largos; descansar también forma parte de aprender.</p>`,
      `const names = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];
const order = [[0], [0, 3], [0, 2, 4], [0, 1, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5, 6]];
function fmt(min) { const h = Math.floor(min / 60), m = min % 60; return (h ? h + ' h ' : '') + (m ? m + ' min' : (h ? '' : '0 min')); }
function update() {
  const hours = Math.min(40, Math.max(1, Number(document.getElementById('hours').value) || 1));
  const days = Math.min(7, Math.max(1, Math.round(Number(document.getElementById('days').value) || 1)));
  const total = Math.round(hours * 60);
  const perDay = Math.floor(total / days / 10) * 10;
  const rows = order[days - 1].map((d, i) => {
    const minutes = i === 0 ? total - perDay * (days - 1) : perDay;
    const sessions = Math.max(1, Math.round(minutes / 60));
    return '<tr><td>' + names[d] + '</td><td>' + sessions + (sessions === 1 ? ' sesión' : ' sesiones') + '</td><td>' + fmt(minutes) + '</td></tr>';
  });
  document.getElementById('plan').innerHTML = rows.join('');
  document.getElementById('summary').textContent = 'Total: ' + fmt(total) + ' en ' + days + (days === 1 ? ' día' : ' días') + (total / days > 180 ? '. Más de 3 horas en un día cansa: si puedes, añade otro día.' : '.');
}
document.getElementById('hours').addEventListener('input', update);
document.getElementById('days').addEventListener('input', update);
update();`,
    ),
    'utf8',
  )
}

/** Shows how much of a lesson is remembered after 30 days with 0 to 4 spaced reviews. */
export function forgettingCurveHtml(): Buffer {
  return Buffer.from(
    page(
      'Simulador de la curva del olvido',
      `<h1>Simulador de la curva del olvido</h1>
<p>Mueve el control para añadir repasos (al día 1, 3, 7 y 16) y observa cuánto recuerdas de una lección al cabo de 30 días.</p>
<label for="reviews">Repasos: <output id="count" for="reviews">0</output></label>
<input id="reviews" type="range" min="0" max="4" step="1" value="0" aria-describedby="result">
<p class="result" id="result" role="status" aria-live="polite"></p>
<svg id="chart" viewBox="0 0 620 300" width="620" height="300" role="img" aria-labelledby="result">
  <line x1="50" y1="260" x2="600" y2="260" stroke="#1d3557" stroke-width="2"/>
  <line x1="50" y1="20" x2="50" y2="260" stroke="#1d3557" stroke-width="2"/>
  <text x="44" y="26" font-size="12" text-anchor="end" fill="#1d3557">100 %</text>
  <text x="44" y="264" font-size="12" text-anchor="end" fill="#1d3557">0 %</text>
  <text x="325" y="290" font-size="12" text-anchor="middle" fill="#1d3557">días desde la lección (0 a 30)</text>
  <polyline id="curve" fill="none" stroke="#2a9d8f" stroke-width="3"/>
  <g id="marks"></g>
</svg>
<p class="note">El modelo es una simplificación: cada repaso devuelve el recuerdo casi al máximo y hace que la siguiente caída sea más lenta.</p>`,
      `const all = [1, 3, 7, 16];
const x = (d) => 50 + (550 * d) / 30, y = (r) => 260 - 240 * r;
function retention(d, reviews) {
  const points = [0].concat(reviews);
  let k = 0;
  for (let i = 0; i < points.length; i++) if (points[i] <= d) k = i;
  return Math.exp(-(d - points[k]) / (2.2 * Math.pow(2.2, k))) * 0.85 + 0.15 * Math.exp(-d / 60);
}
function update() {
  const n = Number(document.getElementById('reviews').value);
  const reviews = all.slice(0, n);
  const pts = [];
  for (let d = 0; d <= 30; d += 0.25) pts.push(x(d).toFixed(1) + ',' + y(retention(d, reviews)).toFixed(1));
  document.getElementById('curve').setAttribute('points', pts.join(' '));
  document.getElementById('marks').innerHTML = reviews.map((r) => '<circle cx="' + x(r) + '" cy="' + y(retention(r, reviews)) + '" r="5" fill="#e76f51"/>').join('');
  document.getElementById('count').textContent = String(n);
  const left = Math.round(retention(30, reviews) * 100);
  document.getElementById('result').textContent = 'Con ' + n + (n === 1 ? ' repaso' : ' repasos') + ' recuerdas alrededor del ' + left + ' % de la lección a los 30 días.';
}
document.getElementById('reviews').addEventListener('input', update);
update();`,
    ),
    'utf8',
  )
}
