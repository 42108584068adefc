/**
 * @backroom/theme — the theme config declared once (DESIGN.md "The three registries", spec theme-editor §3):
 * setting vocabulary, settings groups, fixed areas, section types, the derived validator, fill-in, rules,
 * schema versions with migrations, and the preview message contract.
 */
export * from './areas.js';
export * from './config.js';
export * from './fonts.js';
export * from './migrations.js';
export * from './preview.js';
export * from './schema.js';
export * from './sections.js';
export * from './settings.js';
export * from './vocabulary.js';
