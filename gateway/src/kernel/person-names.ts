// A person's names as the API writes them and as a sentence says them, for every feature that shows a
// person (the people screens, the contact, the notifications, the documents' uploader, the identity token).
type StoredNames = { first_name: string; last_name: string };

/** The names of a stored person, as the API's fields. */
export const namesOf = (person: StoredNames) => ({
  firstName: person.first_name,
  lastName: person.last_name,
});

/** A person's full name, as a list or a notification says it. */
export const fullName = (person: StoredNames) => `${person.first_name} ${person.last_name}`;
