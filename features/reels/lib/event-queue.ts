/**
 * The client event queue (SPEC.md section 7) lives with the event client
 * in lib/analytics, which every feature's events go through; re-exported
 * here for the player's code and its tests.
 */
export { EventQueue, type EventQueueOptions } from '@/lib/analytics/event-queue';
