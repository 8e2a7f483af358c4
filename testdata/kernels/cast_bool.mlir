// sandjit-test: rtol=0 atol=0
// number -> bool is x != 0 (NaN -> true, -0 -> false); bool -> number is 0 or 1.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<3x5xf32>}, %V__1: tensor<?x?xi1> {python_test_attrs.static_type = tensor<3x5xi1>}, %V__2: tensor<?xi32> {python_test_attrs.static_type = tensor<6xi32>}, %V__3: tensor<?xui8> {python_test_attrs.static_type = tensor<6xui8>}) -> (tensor<?x?xi1>, tensor<?x?xf32>, tensor<?x?xi32>, tensor<?xi1>, tensor<?xi1>) {
  %0 = "tf.Cast"(%V__0) {Truncate = false, device = ""} : (tensor<?x?xf32>) -> tensor<?x?xi1>
  %1 = "tf.Cast"(%V__1) {Truncate = false, device = ""} : (tensor<?x?xi1>) -> tensor<?x?xf32>
  %2 = "tf.Cast"(%V__1) {Truncate = false, device = ""} : (tensor<?x?xi1>) -> tensor<?x?xi32>
  %3 = "tf.Cast"(%V__2) {Truncate = false, device = ""} : (tensor<?xi32>) -> tensor<?xi1>
  %4 = "tf.Cast"(%V__3) {Truncate = false, device = ""} : (tensor<?xui8>) -> tensor<?xi1>
  func.return %0, %1, %2, %3, %4 : tensor<?x?xi1>, tensor<?x?xf32>, tensor<?x?xi32>, tensor<?xi1>, tensor<?xi1>
}
