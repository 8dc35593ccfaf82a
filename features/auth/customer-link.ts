/**
 * The native-customer link's constants, shared by the server route and the
 * page. No imports: this module is in every page's first-load JS, where
 * zod and the phone metadata must not be.
 *
 * The link (GET /recommendation-service/api/v1/redirect-native-customer;
 * docs/ops/native-customer-link.md): the verified phone rides to the page in
 * this short-lived cookie, which the page reads once, to fill the login
 * modal, and deletes. Not HttpOnly for that reason; it never holds more
 * than the person's own number, and the server never trusts it (the OTP
 * still proves the number).
 */

/** The prefill cookie's name. */
export const CUSTOMER_LINK_COOKIE = 'sr_customer_phone';
/** Life of the prefill cookie, seconds: enough for the page to open. */
export const CUSTOMER_LINK_COOKIE_TTL_S = 600;
/** Where the link lands: the reels page, where the login modal opens filled in. */
export const CUSTOMER_LINK_LANDING = '/reels';
/** Where a customer goes once signed in: the rewards tab showing the customers-only deals first. */
export const CUSTOMER_DEALS_PATH = '/rewards?deals=customers';
