/** Requirements §2: a user's update page, `/admin/users/update/{username}/{email}`. */
export const updatePath = (user: { username: string; email: string }) =>
  `/admin/users/update/${encodeURIComponent(user.username)}/${encodeURIComponent(user.email)}`
