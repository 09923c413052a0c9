/** Set by the link from the collaborator login: the person chose the client page, so `userorigin` is not asked. */
export const CHOICE_PARAM = 'choice';
