// How the desktop knows the app: the name of its desktop entry and its icon.
#pragma once

#include <QIcon>
#include <QString>

namespace cosystudio::desktop {

// The application id, also the base name of the .desktop, metainfo and icon files.
QString applicationId();

// The installed theme icon when there is one, else the copy embedded at build time.
QIcon applicationIcon();

}  // namespace cosystudio::desktop
