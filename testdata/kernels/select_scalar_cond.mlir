// tf.Select with a rank-0 condition, on f32 and on i1 operands.
func.func @test(%V__0: tensor<i1> {python_test_attrs.static_type = tensor<i1>}, %V__1: tensor<?x?xf32> {python_test_attrs.static_type = tensor<3x5xf32>}, %V__2: tensor<?x?xf32> {python_test_attrs.static_type = tensor<3x5xf32>}, %V__3: tensor<?xi1> {python_test_attrs.static_type = tensor<5xi1>}) -> (tensor<?x?xf32>, tensor<?xi1>) {
  %0 = "tf.Select"(%V__0, %V__1, %V__2) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<i1>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.LogicalNot"(%V__3) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xi1>) -> tensor<?xi1>
  %2 = "tf.Select"(%V__0, %V__3, %1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<i1>, tensor<?xi1>, tensor<?xi1>) -> tensor<?xi1>
  func.return %0, %2 : tensor<?x?xf32>, tensor<?xi1>
}
