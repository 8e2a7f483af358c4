// FloorDiv/FloorMod on i8, Div/FloorMod on i64, Div/FloorDiv/FloorMod on ui16: INT_MIN / -1, division by zero
// (XLA's: x / 0 = -1 or all ones, FloorDiv of a negative x by 0 = -2, x % 0 = x).
func.func @test(%V__0: tensor<?xi8> {python_test_attrs.static_type = tensor<16xi8>}, %V__1: tensor<?xi8> {python_test_attrs.static_type = tensor<16xi8>}, %V__2: tensor<?xi64> {python_test_attrs.static_type = tensor<16xi64>}, %V__3: tensor<?xi64> {python_test_attrs.static_type = tensor<16xi64>}, %V__4: tensor<?xui16> {python_test_attrs.static_type = tensor<16xui16>}, %V__5: tensor<?xui16> {python_test_attrs.static_type = tensor<16xui16>}) -> (tensor<?xi8>, tensor<?xi8>, tensor<?xi64>, tensor<?xi64>, tensor<?xui16>, tensor<?xui16>, tensor<?xui16>) {
  %0 = "tf.FloorDiv"(%V__0, %V__1) {device = ""} : (tensor<?xi8>, tensor<?xi8>) -> tensor<?xi8>
  %1 = "tf.FloorMod"(%V__0, %V__1) {device = ""} : (tensor<?xi8>, tensor<?xi8>) -> tensor<?xi8>
  %2 = "tf.Div"(%V__2, %V__3) {device = ""} : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi64>
  %3 = "tf.FloorMod"(%V__2, %V__3) {device = ""} : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi64>
  %4 = "tf.Div"(%V__4, %V__5) {device = ""} : (tensor<?xui16>, tensor<?xui16>) -> tensor<?xui16>
  %5 = "tf.FloorDiv"(%V__4, %V__5) {device = ""} : (tensor<?xui16>, tensor<?xui16>) -> tensor<?xui16>
  %6 = "tf.FloorMod"(%V__4, %V__5) {device = ""} : (tensor<?xui16>, tensor<?xui16>) -> tensor<?xui16>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<?xi8>, tensor<?xi8>, tensor<?xi64>, tensor<?xi64>, tensor<?xui16>, tensor<?xui16>, tensor<?xui16>
}
