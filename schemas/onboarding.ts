/** The Overview's setup checklist for one member (issue 39): each step read from what exists, never stored. */
export interface OnboardingStatus {
  messageSent: boolean;
  webhookAdded: boolean;
  deliverySucceeded: boolean;
  dismissed: boolean;
}
