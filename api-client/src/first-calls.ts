import { AnyData, AuthRequest, AuthResult, EmptyRequest, FullProfile, LanguageRequest, LightProfile } from './schemas';
import {
  BonusState,
  DailyClaimRequest,
  DailyClaimResult,
  NotificationsRequest,
  NotificationsState,
  TaskClaimRequest,
  TaskRequest,
  TaskResult,
} from './tasks';
import { call } from './call-spec';

/**
 * The calls of start-up and the first screen (log-in, profiles, the bonus screen): the API
 * client carries these with it; the others come with later-calls.ts, on first use (calls.ts has
 * them all).
 */
export const firstCalls = {
  auth: call({ path: '/api/v3/auth', request: AuthRequest, reply: AuthResult, public: true }),
  profileLight: call({ path: '/api/v3/profile/light', request: EmptyRequest, reply: LightProfile, strict: true }),
  profileFull: call({ path: '/api/v3/profile/full', request: EmptyRequest, reply: FullProfile, strict: true }),
  profileOnboarding: call({ path: '/api/v3/profile/onboarding', request: EmptyRequest, reply: AnyData }),
  profileLanguage: call({ path: '/api/v3/profile/language', request: LanguageRequest, reply: LightProfile, strict: true }),
  profileNotifications: call({ path: '/api/v3/profile/notifications', request: NotificationsRequest, reply: NotificationsState }),
  bonusState: call({ path: '/api/v3/bonus/state', request: EmptyRequest, reply: BonusState }),
  bonusDailyClaim: call({ path: '/api/v3/bonus/daily/claim', request: DailyClaimRequest, reply: DailyClaimResult }),
  tasksCheck: call({ path: '/api/v3/tasks/check', request: TaskRequest, reply: TaskResult }),
  tasksClaim: call({ path: '/api/v3/tasks/claim', request: TaskClaimRequest, reply: TaskResult }),
} as const;
