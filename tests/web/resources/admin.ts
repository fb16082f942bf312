import '../account/eng'
