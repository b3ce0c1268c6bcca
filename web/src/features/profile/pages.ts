// The routed pages of features/profile, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const ProfilePage = () => import('./ProfilePage');
export const ProfileEditPage = () => import('./ProfileEditPage');
export const UserProfilePage = () => import('./UserProfilePage');
export const ProfileImageDebugPage = () => import('./ProfileImageDebugPage');
