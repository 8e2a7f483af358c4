// LogicalAnd/Or/Not and Equal/NotEqual on i1 with broadcasting.
func.func @test(%V__0: tensor<?x?xi1> {python_test_attrs.static_type = tensor<5x8xi1>}, %V__1: tensor<?xi1> {python_test_attrs.static_type = tensor<8xi1>}) -> (tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>) {
  %0 = "tf.LogicalAnd"(%V__0, %V__1) {device = ""} : (tensor<?x?xi1>, tensor<?xi1>) -> tensor<?x?xi1>
  %1 = "tf.LogicalOr"(%V__1, %V__0) {device = ""} : (tensor<?xi1>, tensor<?x?xi1>) -> tensor<?x?xi1>
  %2 = "tf.LogicalNot"(%V__0) {device = ""} : (tensor<?x?xi1>) -> tensor<?x?xi1>
  %3 = "tf.Equal"(%V__0, %V__1) {device = "", incompatible_shape_error = true} : (tensor<?x?xi1>, tensor<?xi1>) -> tensor<?x?xi1>
  %4 = "tf.NotEqual"(%V__0, %V__1) {device = "", incompatible_shape_error = true} : (tensor<?x?xi1>, tensor<?xi1>) -> tensor<?x?xi1>
  func.return %0, %1, %2, %3, %4 : tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>
}
