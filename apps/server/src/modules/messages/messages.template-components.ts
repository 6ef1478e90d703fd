import { type MessageTemplate, type SendTemplateBody, templateMediaSource } from '@balcao/shared';

/**
 * The `components` of a template send (input checked with `templateInputFits`): text values carry
 * their `parameter_name` in a NAMED template; a media header goes by id or link; a URL button's
 * suffix goes under its index.
 */
export function templateComponents(template: MessageTemplate, input: SendTemplateBody) {
  const named = template.parameterFormat === 'NAMED';
  const text = (name: string, value: string) => ({
    type: 'text',
    ...(named ? { parameter_name: name } : {}),
    text: value,
  });
  const { header } = template;
  const components: Record<string, unknown>[] = [];
  if (header?.variable && input.header)
    components.push({ type: 'header', parameters: [text(header.variable, input.header)] });
  else if (header && header.format !== 'TEXT' && input.header) {
    const type = header.format.toLowerCase();
    components.push({ type: 'header', parameters: [{ type, [type]: templateMediaSource(input.header) }] });
  }
  if (template.variables.length)
    components.push({
      type: 'body',
      parameters: template.variables.map((name, index) => text(name, input.parameters[index] ?? '')),
    });
  template.buttons.forEach((button, index) => {
    components.push({
      type: 'button',
      sub_type: 'url',
      index: String(button.index),
      parameters: [{ type: 'text', text: input.buttons[index] ?? '' }],
    });
  });
  return components;
}
