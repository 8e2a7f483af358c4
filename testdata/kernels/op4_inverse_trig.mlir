// Acos and Asin on [-1, 1] with the domain edges (+-1, just outside: NaN, +-0, NaN, +-Inf); Atan on
// [-1e4, 1e4] with +-Inf (+-pi/2) and huge values.
func.func @test(%arg0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<7x13xf32>}, %arg1: tensor<?xf32> {python_test_attrs.static_type = tensor<13xf32>}) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>) {
  %0 = "tf.Acos"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Asin"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Atan"(%arg1) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>
}
