import { strToU8, zipSync, type Zippable } from 'fflate'
import { sampleFile } from './media.js'

/**
 * Common Cartridges built for the tests (the API import test and the e2e credentials journey): a
 * manifest of two weeks with a page and its image, a PDF in a folder, a web link, a QTI quiz, and
 * three items Aula does not import (a discussion topic, an LTI tool and a page whose file is missing),
 * in the layout of CC 1.3 or of Canvas's 1.1 exports.
 */

export const png = sampleFile('image/png')
export const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

export type Version = '1.1.0' | '1.3.0'
const NS: Record<Version, { cp: string; lom: string; wl: string; ccv: string }> = {
  '1.1.0': { cp: 'http://www.imsglobal.org/xsd/imscc/imscp_v1p1', lom: 'http://ltsc.ieee.org/xsd/imscc/LOM', wl: 'imswl_xmlv1p1', ccv: 'imscc_xmlv1p1' },
  '1.3.0': {
    cp: 'http://www.imsglobal.org/xsd/imsccv1p3/imscp_v1p1',
    lom: 'http://ltsc.ieee.org/xsd/imsccv1p3/LOM/manifest',
    wl: 'imswl_xmlv1p3',
    ccv: 'imscc_xmlv1p3',
  },
}

export function manifest(version: Version, title = 'Physics &amp; Fun'): string {
  const ns = NS[version]
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="cc1" xmlns="${ns.cp}" xmlns:lomimscc="${ns.lom}">
  <metadata>
    <schema>IMS Common Cartridge</schema>
    <schemaversion>${version}</schemaversion>
    <lomimscc:lom><lomimscc:general><lomimscc:title><lomimscc:string language="en">${title}</lomimscc:string></lomimscc:title></lomimscc:general></lomimscc:lom>
  </metadata>
  <organizations>
    <organization identifier="org" structure="rooted-hierarchy">
      <item identifier="root">
        <item identifier="s1">
          <title>Week 1</title>
          <item identifier="i1" identifierref="page"><title>Welcome</title></item>
          <item identifier="f1">
            <title>Readings</title>
            <item identifier="i2" identifierref="pdf"><title>Syllabus</title></item>
          </item>
          <item identifier="i3" identifierref="link"><title>Reference site</title></item>
        </item>
        <item identifier="s2">
          <title>Week 2</title>
          <item identifier="i4" identifierref="quiz"><title>Check yourself</title></item>
          <item identifier="i5" identifierref="topic"><title>Talk about it</title></item>
          <item identifier="i6" identifierref="lti"><title>External tool</title></item>
          <item identifier="i7" identifierref="gone"><title>Lost page</title></item>
        </item>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="page" type="webcontent" href="${PAGE_AT[version]}">
      <file href="${PAGE_AT[version]}"/><file href="web_resources/images/atom.png"/>
    </resource>
    <resource identifier="pdf" type="webcontent" href="web_resources/Syllabus 2026.pdf"><file href="web_resources/Syllabus 2026.pdf"/></resource>
    <resource identifier="link" type="${ns.wl}"><file href="link/weblink.xml"/></resource>
    <resource identifier="quiz" type="imsqti_xmlv1p2/${ns.ccv}/assessment"><file href="quiz/assessment.xml"/></resource>
    <resource identifier="topic" type="imsdt_xmlv1p${version === '1.1.0' ? '1' : '3'}"><file href="topic/topic.xml"/></resource>
    <resource identifier="lti" type="imsbasiclti_xmlv1p0"><file href="lti/lti.xml"/></resource>
    <resource identifier="gone" type="webcontent" href="web_resources/missing.html"><file href="web_resources/missing.html"/></resource>
  </resources>
</manifest>`
}

/** Where the page is: beside its image, or (as Canvas exports) in a folder of its own, showing the image through `$IMS-CC-FILEBASE$`. */
const PAGE_AT: Record<Version, string> = { '1.3.0': 'web_resources/welcome.html', '1.1.0': 'wiki_content/welcome.html' }
const IMAGE_REF: Record<Version, string> = { '1.3.0': 'images/atom.png', '1.1.0': '%24IMS-CC-FILEBASE%24/images/atom.png' }
const PAGE = (version: Version) => `<!DOCTYPE html><html><head><title>Welcome</title><script>alert(1)</script></head>
<body><h1>Welcome</h1><p onclick="steal()">Atoms are small.</p><img src="${IMAGE_REF[version]}" alt="An atom"><script>alert(2)</script></body></html>`

const WEBLINK = (version: Version) =>
  `<?xml version="1.0"?><webLink xmlns="http://www.imsglobal.org/xsd/imsccv1p${version === '1.1.0' ? '1' : '3'}/imswl_v1p${version === '1.1.0' ? '1' : '3'}"><title>Reference</title><url href="https://example.org/physics" target="_blank"/></webLink>`

const choice = (ident: string, label: string) =>
  `<response_label ident="${ident}"><material><mattext texttype="text/plain">${label}</mattext></material></response_label>`
const meta = (profile: string) =>
  `<itemmetadata><qtimetadata><qtimetadatafield><fieldlabel>cc_profile</fieldlabel><fieldentry>${profile}</fieldentry></qtimetadatafield></qtimetadata></itemmetadata>`

const QUIZ = `<?xml version="1.0" encoding="UTF-8"?>
<questestinterop xmlns="http://www.imsglobal.org/xsd/ims_qtiasiv1p2">
  <assessment ident="a1" title="Atoms quiz">
    <qtimetadata><qtimetadatafield><fieldlabel>cc_maxattempts</fieldlabel><fieldentry>3</fieldentry></qtimetadatafield></qtimetadata>
    <section ident="root_section">
      <item ident="q-mc" title="Smallest">${meta('cc.multiple_choice.v0p1')}
        <presentation><material><mattext texttype="text/html">&lt;p&gt;Which is the &lt;b&gt;smallest&lt;/b&gt;?&lt;/p&gt;</mattext></material>
          <response_lid ident="r1" rcardinality="Single"><render_choice>${choice('a', 'Atom')}${choice('b', 'Cell')}${choice('c', 'Planet')}</render_choice></response_lid>
        </presentation>
        <resprocessing><outcomes><decvar varname="SCORE" vartype="Decimal" minvalue="0" maxvalue="100"/></outcomes>
          <respcondition continue="No"><conditionvar><varequal respident="r1">a</varequal></conditionvar><setvar varname="SCORE" action="Set">100</setvar></respcondition>
        </resprocessing>
      </item>
      <item ident="q-mr" title="Particles">${meta('cc.multiple_response.v0p1')}
        <presentation><material><mattext>Which are particles?</mattext></material>
          <response_lid ident="r2" rcardinality="Multiple"><render_choice>${choice('p', 'Proton')}${choice('t', 'Table')}${choice('e', 'Electron')}</render_choice></response_lid>
        </presentation>
        <resprocessing>
          <respcondition continue="No"><conditionvar><and><varequal respident="r2">p</varequal><varequal respident="r2">e</varequal><not><varequal respident="r2">t</varequal></not></and></conditionvar><setvar varname="SCORE" action="Set">100</setvar></respcondition>
        </resprocessing>
      </item>
      <item ident="q-tf" title="Charge">${meta('cc.true_false.v0p1')}
        <presentation><material><mattext>Electrons are positive.</mattext></material>
          <response_lid ident="r3" rcardinality="Single"><render_choice>${choice('t', 'True')}${choice('f', 'False')}</render_choice></response_lid>
        </presentation>
        <resprocessing><respcondition><conditionvar><varequal respident="r3">f</varequal></conditionvar><setvar varname="SCORE" action="Set">100</setvar></respcondition></resprocessing>
      </item>
      <item ident="q-essay" title="Explain">${meta('cc.essay.v0p1')}
        <presentation><material><mattext>Explain atoms.</mattext></material><response_str ident="r4"><render_fib/></response_str></presentation>
      </item>
    </section>
  </assessment>
</questestinterop>`

const TOPIC = `<?xml version="1.0"?><topic xmlns="http://www.imsglobal.org/xsd/imsccv1p3/imsdt_v1p3"><title>Talk</title><text texttype="text/plain">Say hi</text></topic>`

export function cartridge(version: Version, extra: Zippable = {}): Uint8Array {
  return zipSync({
    'imsmanifest.xml': strToU8(manifest(version)),
    [PAGE_AT[version]]: strToU8(PAGE(version)),
    'web_resources/images/atom.png': new Uint8Array(png),
    'web_resources/Syllabus 2026.pdf': new Uint8Array(pdf),
    'link/weblink.xml': strToU8(WEBLINK(version)),
    'quiz/assessment.xml': strToU8(QUIZ),
    'topic/topic.xml': strToU8(TOPIC),
    'lti/lti.xml': strToU8('<cartridge_basiclti_link/>'),
    ...extra,
  })
}
