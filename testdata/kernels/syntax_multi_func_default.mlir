// Two top-level functions without a module wrapper and no header: the entry is @test, the second one.
func.func @prepare(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Tanh"(%arg0) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}
func.func @test(%arg0: tensor<?xi16> {python_test_attrs.static_type = tensor<10xi16>}, %arg1: tensor<?xi16> {python_test_attrs.static_type = tensor<10xi16>}) -> (tensor<?xi16>, tensor<?xi16>) {
  %0 = "tf.SquaredDifference"(%arg0, %arg1) {device = ""} : (tensor<?xi16>, tensor<?xi16>) -> tensor<?xi16>
  %1 = "tf.Div"(%0, %arg1) {device = ""} : (tensor<?xi16>, tensor<?xi16>) -> tensor<?xi16>
  func.return %0, %1 : tensor<?xi16>, tensor<?xi16>
}
