import 'server-only';
import { ApiError } from './errors';

/*
 * Errors that more than one feature answers, written once so the code, the
 * status and the English message never drift apart.
 */

/** 404 `partner_not_found`: an unknown or inactive partner (the partner feed and the partner pages). */
export const partnerNotFound = () => new ApiError(404, 'partner_not_found', 'This partner does not exist.');

/** The message of a customers-only deal refused (SPEC.md section 6, "UTL customers only"). */
export const CUSTOMERS_ONLY_MESSAGE = 'This access is for UTL customers only. Redirecting you to other Deals meant for you.';

/** 403 `customers_only`: a customers-only deal used by someone who is not a registered customer (SPEC.md section 6). */
export const customersOnly = () => new ApiError(403, 'customers_only', CUSTOMERS_ONLY_MESSAGE);
