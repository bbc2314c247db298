/**
 * `inputWrapperOrder` that puts a field's hint under its box, so the boxes of a two-column row line up whether or
 * not the field beside has a hint.
 */
export const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];
