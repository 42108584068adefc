/**
 * @backroom/design — the print-on-demand design document declared once (issue 19 item 1): the versioned zod schema of
 * surfaces and layers (mm, pt, DPI), each kind's default document, migrations, shopper-field extraction, effective
 * DPI, spine width and unit conversions. Read by the admin editors and by the server renderer.
 */
export * from './defaults.js';
export * from './geometry.js';
export * from './migrations.js';
export * from './parse.js';
export * from './placeholders.js';
export * from './schema.js';
export * from './units.js';
