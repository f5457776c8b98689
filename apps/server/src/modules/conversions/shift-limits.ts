/**
 * Exchange shifts (payments converted under a payout rule; decision 024) the hosted page may create per hour: per
 * client IP, over all links, and per merchant, over all its customers. Each shift is a quote and an order at the
 * exchange on the operator's account, made with the customer's IP, and reserves one of the merchant's addresses as
 * its refund address: a script looping over links would otherwise spend the operator's standing with the exchange
 * and the merchant's addresses. Counted by the checkout routes in the process's counters, like the other request
 * limits, before the exchange is asked (a try the exchange refuses counts too).
 */
export const SHIFT_LIMITS = { perIp: 10, perMerchant: 200 } as const;
