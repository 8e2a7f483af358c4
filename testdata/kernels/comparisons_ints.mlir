// Signed vs unsigned comparisons: ui32 values around 2^31, i64 extremes, i8 and i16.
func.func @test(%V__0: tensor<?xui32> {python_test_attrs.static_type = tensor<12xui32>}, %V__1: tensor<?xui32> {python_test_attrs.static_type = tensor<12xui32>}, %V__2: tensor<?xi64> {python_test_attrs.static_type = tensor<12xi64>}, %V__3: tensor<?xi64> {python_test_attrs.static_type = tensor<12xi64>}, %V__4: tensor<?xi8> {python_test_attrs.static_type = tensor<12xi8>}, %V__5: tensor<?xi16> {python_test_attrs.static_type = tensor<12xi16>}) -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  %0 = "tf.Less"(%V__0, %V__1) {device = ""} : (tensor<?xui32>, tensor<?xui32>) -> tensor<?xi1>
  %1 = "tf.GreaterEqual"(%V__0, %V__1) {device = ""} : (tensor<?xui32>, tensor<?xui32>) -> tensor<?xi1>
  %2 = "tf.Equal"(%V__2, %V__3) {device = "", incompatible_shape_error = true} : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi1>
  %3 = "tf.Greater"(%V__2, %V__3) {device = ""} : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi1>
  %cst = "tf.Const"() {value = dense<0> : tensor<i8>} : () -> tensor<i8>
  %4 = "tf.LessEqual"(%V__4, %cst) {device = ""} : (tensor<?xi8>, tensor<i8>) -> tensor<?xi1>
  %cst_0 = "tf.Const"() {value = dense<-300> : tensor<i16>} : () -> tensor<i16>
  %5 = "tf.NotEqual"(%V__5, %cst_0) {device = "", incompatible_shape_error = true} : (tensor<?xi16>, tensor<i16>) -> tensor<?xi1>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>
}
