/**
 * The field specifications every parser of the core is built from, for hosts that describe or
 * check the same inputs (`@marketplace/core/fields`): a field's JSON schema, the parse result, the
 * patterns the API documents and the URL policy webhook endpoints follow.
 *
 * @module
 */

export {
  type Field,
  type FieldValue,
  type JsonSchema,
  type ParseResult,
  parseObject,
  type Shape,
  type ShapeValue,
} from "./fields.ts";
export { RATE_PER_KWH_PATTERN, ZIP_CODE_PATTERN } from "./formats.ts";
export { isHttpsUrl, isLoopbackHostname, type UrlPolicy } from "./url-policy.ts";
