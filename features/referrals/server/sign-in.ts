import 'server-only';

/**
 * After a sign-in (docs/decisions/010 "Attribution"): keeps the device and
 * attributes the user to the first referral click of the visitor.
 */
export async function onReferralSignIn(_e: { userId: string; isNewUser: boolean; visitorId: string }): Promise<void> {
  // filled in by the referral feature
}
