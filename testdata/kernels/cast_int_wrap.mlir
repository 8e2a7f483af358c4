// sandjit-test: rtol=0 atol=0
// int -> int wraps (two's complement), sign- or zero-extends by the source type; 64-bit ints -> f32 round to nearest even.
func.func @test(%V__0: tensor<?xi64> {python_test_attrs.static_type = tensor<10xi64>}, %V__1: tensor<?xi32> {python_test_attrs.static_type = tensor<10xi32>}, %V__2: tensor<?xi8> {python_test_attrs.static_type = tensor<10xi8>}, %V__3: tensor<?xui32> {python_test_attrs.static_type = tensor<10xui32>}, %V__4: tensor<?xui64> {python_test_attrs.static_type = tensor<10xui64>}, %V__5: tensor<?xui16> {python_test_attrs.static_type = tensor<10xui16>}) -> (tensor<?xi32>, tensor<?xf32>, tensor<?xi8>, tensor<?xi64>, tensor<?xui64>, tensor<?xi64>, tensor<?xf32>, tensor<?xi16>) {
  %0 = "tf.Cast"(%V__0) {Truncate = false, device = ""} : (tensor<?xi64>) -> tensor<?xi32>
  %1 = "tf.Cast"(%V__0) {Truncate = false, device = ""} : (tensor<?xi64>) -> tensor<?xf32>
  %2 = "tf.Cast"(%V__1) {Truncate = false, device = ""} : (tensor<?xi32>) -> tensor<?xi8>
  %3 = "tf.Cast"(%V__1) {Truncate = false, device = ""} : (tensor<?xi32>) -> tensor<?xi64>
  %4 = "tf.Cast"(%V__2) {Truncate = false, device = ""} : (tensor<?xi8>) -> tensor<?xui64>
  %5 = "tf.Cast"(%V__3) {Truncate = false, device = ""} : (tensor<?xui32>) -> tensor<?xi64>
  %6 = "tf.Cast"(%V__4) {Truncate = false, device = ""} : (tensor<?xui64>) -> tensor<?xf32>
  %7 = "tf.Cast"(%V__5) {Truncate = false, device = ""} : (tensor<?xui16>) -> tensor<?xi16>
  func.return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<?xi32>, tensor<?xf32>, tensor<?xi8>, tensor<?xi64>, tensor<?xui64>, tensor<?xi64>, tensor<?xf32>, tensor<?xi16>
}
