import type { ChoiceType, FormQuestion } from '../../../contracts/courses/content.js'
import { clip, plainText } from './html.js'
import { attr, kid, kids, path, text, type XNode } from '../../packages/xml.js'

/**
 * QTI 1.2 items as Common Cartridges profile them (`cc.multiple_choice`, `cc.multiple_response`,
 * `cc.true_false`), read into form questions. Other profiles are not questions forms have.
 */

/** Options a question may have (the form schema's limit). */
const MAX_OPTIONS = 20

/** `qtimetadatafield`s as label → entry. */
export function metadataOf(node: XNode | undefined): Map<string, string> {
  const out = new Map<string, string>()
  for (const field of kids(node, 'qtimetadatafield')) out.set(text(kid(field, 'fieldlabel')), text(kid(field, 'fieldentry')))
  return out
}

const PROFILES: Record<string, ChoiceType> = {
  'cc.multiple_choice.v0p1': 'single',
  'cc.multiple_response.v0p1': 'multiple',
  'cc.true_false.v0p1': 'boolean',
}

/** The text of the first `material` of a node (directly or in a `flow`). */
function materialText(node: XNode | undefined): string {
  const material = kid(node, 'material') ?? kid(kid(node, 'flow'), 'material') ?? kid(kid(node, 'flow_mat'), 'material')
  return plainText(kids(material, 'mattext').map(text).join('\n'))
}

/** The option idents a response processing gives points for (a `varequal` not under a `not`). */
function correctIdents(item: XNode): Set<string> {
  const correct = new Set<string>()
  for (const condition of kids(kid(item, 'resprocessing'), 'respcondition')) {
    const points = kids(condition, 'setvar').some((s) => Number.parseFloat(text(s)) > 0)
    if (!points) continue
    const vars = kid(condition, 'conditionvar')
    for (const holder of [vars, ...kids(vars, 'and'), ...kids(vars, 'or')]) for (const v of kids(holder, 'varequal')) correct.add(text(v))
  }
  return correct
}

/** A form question of a QTI item, or why it is not one. */
export function questionOf(item: XNode, index: number): FormQuestion | string {
  const profile = metadataOf(path(item, 'itemmetadata', 'qtimetadata')).get('cc_profile') ?? ''
  const presentation = kid(item, 'presentation')
  const lid = kid(presentation, 'response_lid') ?? kid(kid(presentation, 'flow'), 'response_lid')
  const labels = kids(kid(lid, 'render_choice'), 'response_label')
  let type: ChoiceType | undefined = PROFILES[profile]
  if (!type && !profile && lid && labels.length) type = attr(lid, 'rcardinality') === 'Multiple' ? 'multiple' : 'single'
  if (!type || !lid) return profile || 'an item without choices'
  if (labels.length > MAX_OPTIONS) return `${profile}: more than ${MAX_OPTIONS} options`
  const correct = correctIdents(item)
  const options = labels.map((label, i) => ({
    id: `o${i + 1}`,
    text: clip(materialText(label) || attr(label, 'ident') || `${i + 1}`, 2000),
    correct: correct.has(attr(label, 'ident') ?? ''),
  }))
  return { id: `q${index + 1}`, type, text: clip(materialText(presentation) || attr(item, 'title') || '', 5000), options }
}
