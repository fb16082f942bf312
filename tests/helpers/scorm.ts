import { strToU8, zipSync, type Zippable } from 'fflate'

/**
 * SCORM packages made by the tests: a SCORM 1.2 or 2004 manifest whose SCOs are one lesson page
 * each. The lesson's script finds the run-time API the way packages do (on its own window), starts,
 * shows what it was given (entry, location, suspend data, learner), and has buttons to save its
 * place (location, suspend data, exit suspend), pass (completed and passed, score 85) or fail
 * (completed and failed, score 40), each committed, passing and failing also ending the session.
 */

export type ScormVersionName = '1.2' | '2004'

export interface ScormPackageOptions {
  title?: string
  /** SCO titles (one page each); default one SCO "Lesson one". */
  scos?: string[]
  /** SCORM 1.2 mastery score (0–100) or 2004 minimum normalized measure (0–1) given on every item. */
  mastery?: number
  /** Replaces the manifest. */
  manifest?: string
  /** More files (or `null` to leave a file out). */
  files?: Record<string, string | null>
}

const LESSON_JS = `(function () {
  var v2004 = !!window.API_1484_11;
  var api = window.API_1484_11 || window.API;
  var state = document.getElementById('state');
  var done = document.getElementById('done');
  if (!api) { state.textContent = 'No SCORM API found'; return; }
  function get(a, b) { return v2004 ? api.GetValue(b) : api.LMSGetValue(a); }
  function set(a, b, v) { return v2004 ? api.SetValue(b, v) : api.LMSSetValue(a, v); }
  function commit() { return v2004 ? api.Commit('') : api.LMSCommit(''); }
  function finish() { return v2004 ? api.Terminate('') : api.LMSFinish(''); }
  if (v2004) api.Initialize(''); else api.LMSInitialize('');
  state.textContent = 'entry=' + get('cmi.core.entry', 'cmi.entry') + '; location=' + get('cmi.core.lesson_location', 'cmi.location') +
    '; suspend=' + get('cmi.suspend_data', 'cmi.suspend_data') + '; learner=' + get('cmi.core.student_name', 'cmi.learner_name');
  document.getElementById('save').onclick = function () {
    set('cmi.core.lesson_location', 'cmi.location', '3');
    set('cmi.suspend_data', 'cmi.suspend_data', 'page=3;answers=ab');
    set('cmi.core.lesson_status', 'cmi.completion_status', 'incomplete');
    set('cmi.core.exit', 'cmi.exit', 'suspend');
    set('cmi.core.session_time', 'cmi.session_time', v2004 ? 'PT2M' : '00:02:00');
    commit();
    done.textContent = 'Place saved';
  };
  function end(passed) {
    if (v2004) {
      api.SetValue('cmi.completion_status', 'completed');
      api.SetValue('cmi.success_status', passed ? 'passed' : 'failed');
      api.SetValue('cmi.score.scaled', passed ? '0.85' : '0.4');
      api.SetValue('cmi.score.raw', passed ? '85' : '40');
      api.SetValue('cmi.exit', 'normal');
      api.SetValue('cmi.session_time', 'PT3M');
    } else {
      api.LMSSetValue('cmi.core.lesson_status', passed ? 'passed' : 'failed');
      api.LMSSetValue('cmi.core.score.raw', passed ? '85' : '40');
      api.LMSSetValue('cmi.core.exit', '');
      api.LMSSetValue('cmi.core.session_time', '00:03:00');
    }
    commit();
    finish();
    done.textContent = passed ? 'Quiz passed' : 'Quiz failed';
  }
  document.getElementById('pass').onclick = function () { end(true); };
  document.getElementById('fail').onclick = function () { end(false); };
})();
`

const page = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><div><h1>${title}</h1>` +
  `<p id="state">Starting</p><p id="done" role="status"></p>` +
  `<button id="save" type="button">Save my place</button> <button id="pass" type="button">Pass the quiz</button> <button id="fail" type="button">Fail the quiz</button>` +
  `</div><script src="../shared/lesson.js"></script></body></html>`

export function scormManifest(version: ScormVersionName, title: string, scos: string[], mastery?: number): string {
  const items = scos
    .map((t, i) => {
      const extra =
        mastery === undefined
          ? ''
          : version === '1.2'
            ? `<adlcp:masteryscore>${mastery}</adlcp:masteryscore>`
            : `<imsss:sequencing><imsss:objectives><imsss:primaryObjective objectiveID="pass" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>${mastery}</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives></imsss:sequencing>`
      return `<item identifier="item_${i + 1}" identifierref="res_${i + 1}"><title>${t}</title>${extra}</item>`
    })
    .join('')
  const type = version === '1.2' ? 'adlcp:scormtype' : 'adlcp:scormType'
  const resources = scos
    .map(
      (_, i) =>
        `<resource identifier="res_${i + 1}" type="webcontent" ${type}="sco" href="sco${i + 1}/index.html"><file href="sco${i + 1}/index.html"/></resource>`,
    )
    .join('')
  const ns =
    version === '1.2'
      ? 'xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"'
      : 'xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss"'
  const schema = version === '1.2' ? '1.2' : '2004 4th Edition'
  return `<?xml version="1.0" encoding="UTF-8"?><manifest identifier="pkg" version="1" ${ns}><metadata><schema>ADL SCORM</schema><schemaversion>${schema}</schemaversion></metadata><organizations default="org"><organization identifier="org"><title>${title}</title>${items}</organization></organizations><resources>${resources}</resources></manifest>`
}

/** A zipped SCORM package. */
export function scormPackage(version: ScormVersionName, options: ScormPackageOptions = {}): Buffer {
  const title = options.title ?? `Test package ${version}`
  const scos = options.scos ?? ['Lesson one']
  const files: Record<string, string | null> = {
    'imsmanifest.xml': options.manifest ?? scormManifest(version, title, scos, options.mastery),
    'shared/lesson.js': LESSON_JS,
    ...Object.fromEntries(scos.map((t, i) => [`sco${i + 1}/index.html`, page(t)])),
    ...options.files,
  }
  const zip: Zippable = {}
  for (const [name, text] of Object.entries(files)) if (text !== null) zip[name] = strToU8(text)
  return Buffer.from(zipSync(zip))
}
