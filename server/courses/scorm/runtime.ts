import fs from 'node:fs'
import { createRequire } from 'node:module'
import zlib from 'node:zlib'
import { SCORM_FRAME_NAME_PREFIX } from '../../../contracts/learner/scorm.js'

/**
 * What Aula adds to a SCORM package so that it finds the run-time API although it runs in an opaque
 * origin (a sandboxed frame that can reach nothing of the app): every page of the package loads
 * scorm-again's cross-frame client (`CrossFrameAPI`) and a small bridge before its own scripts. The
 * bridge sets `window.API` (1.2) or `window.API_1484_11` (2004) to that client; the client answers the
 * package's calls at once from its copy of the data and passes every call to the player's real API
 * (scorm-again's `Scorm12API`/`Scorm2004API`) by message. Its copy is filled before the package's
 * first call from the frame's name, where the player puts the data of the launch (so that a resumed
 * package reads its suspend data and location at once), and the frame's name follows every change, so
 * a package made of several pages keeps its data from one page to the next.
 */

/** The folder of a package where the run-time files go (a name no authoring tool uses). */
export const RUNTIME_FOLDER = 'aula-scorm-runtime'
export const CLIENT_FILE = `${RUNTIME_FOLDER}/cross-frame-api.js`
export const BRIDGE_FILE = `${RUNTIME_FOLDER}/bridge.js`

/** The largest page the runtime is added to; a larger one is stored as it is. */
export const MAX_PAGE_BYTES = 10 * 1024 * 1024

const BRIDGE = `(function () {
  'use strict';
  var PREFIX = ${JSON.stringify(SCORM_FRAME_NAME_PREFIX)};
  var launch = null;
  try {
    if (typeof window.name === 'string' && window.name.indexOf(PREFIX) === 0) launch = JSON.parse(window.name.slice(PREFIX.length));
  } catch (e) {
    launch = null;
  }
  if (!launch || typeof window.CrossFrameAPI !== 'function' || window.parent === window) return;
  var api = new window.CrossFrameAPI('*', window.parent);
  var cache = api._cache;
  var data = launch.cmi || {};
  for (var key in data) if (Object.prototype.hasOwnProperty.call(data, key)) cache.set(key, String(data[key]));
  var keep = function () {
    var copy = {};
    cache.forEach(function (value, key) {
      if (key.indexOf('cmi.') === 0) copy[key] = value;
    });
    try {
      window.name = PREFIX + JSON.stringify({ version: launch.version, cmi: copy });
    } catch (e) {}
  };
  var set = launch.version === '2004' ? 'SetValue' : 'LMSSetValue';
  var client = new Proxy(api, {
    get: function (target, prop) {
      var value = target[prop];
      if (prop !== set) return value;
      return function () {
        var result = value.apply(target, arguments);
        keep();
        return result;
      };
    },
  });
  if (launch.version === '2004') window.API_1484_11 = client;
  else window.API = client;
})();
`

let client: Buffer | null = null
/** scorm-again's cross-frame client, as the package's pages load it. */
export function clientScript(): Buffer {
  client ??= fs.readFileSync(createRequire(import.meta.url).resolve('scorm-again/cross-frame-api/min'))
  return client
}
export const bridgeScript = (): Buffer => Buffer.from(BRIDGE)

/** A page's HTML with the runtime's two scripts first in its head; `depth` is how many folders down the page is. */
export function withRuntime(html: string, depth: number): string {
  const up = '../'.repeat(depth)
  const tags = `<script src="${up}${CLIENT_FILE}"></script><script src="${up}${BRIDGE_FILE}"></script>`
  const head = /<head(?:\s[^>]*)?>/i.exec(html)
  if (head) return html.slice(0, head.index + head[0].length) + tags + html.slice(head.index + head[0].length)
  const open = /<html(?:\s[^>]*)?>/i.exec(html)
  if (open) return html.slice(0, open.index + open[0].length) + tags + html.slice(open.index + open[0].length)
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)
  const at = doctype ? doctype[0].length : 0
  return html.slice(0, at) + tags + html.slice(at)
}

/** Size and CRC-32 of bytes, as a package file lists them. */
export const fileFacts = (bytes: Buffer) => ({ size: bytes.length, crc32: zlib.crc32(bytes) >>> 0 })
